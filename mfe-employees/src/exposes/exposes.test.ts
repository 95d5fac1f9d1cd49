import { describeExposes } from '@portal/testing';

describeExposes('mfe-employees', import.meta.dirname);
