import { describeExposes } from '@portal/testing';

describeExposes('mfe-billing', import.meta.dirname);
