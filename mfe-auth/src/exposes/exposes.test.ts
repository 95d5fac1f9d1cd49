import { describeExposes } from '@portal/testing';

describeExposes('mfe-auth', import.meta.dirname);
