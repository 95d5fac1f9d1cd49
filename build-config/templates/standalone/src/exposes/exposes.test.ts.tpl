import { describeExposes } from '@portal/testing';
import remote from '../../remote.json' with { type: 'json' };

describeExposes(remote.id, import.meta.dirname, remote.exposes);
