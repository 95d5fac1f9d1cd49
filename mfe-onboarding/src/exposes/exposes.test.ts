import { describeExposes } from '@portal/testing';

describeExposes('mfe-onboarding', import.meta.dirname);
