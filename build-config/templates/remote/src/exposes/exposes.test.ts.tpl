import { describeExposes } from '@portal/testing';

describeExposes('__ID__', import.meta.dirname);
