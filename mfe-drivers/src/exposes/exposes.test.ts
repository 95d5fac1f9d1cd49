import { describeExposes } from '@portal/testing';

describeExposes('mfe-drivers', import.meta.dirname);
