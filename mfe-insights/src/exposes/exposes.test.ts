import { describeExposes } from '@portal/testing';

describeExposes('mfe-insights', import.meta.dirname);
