import { withDefaults } from '@portal/testing';
import { aSession } from './fixtures';

export const { renderWithPlatform } = withDefaults({ session: aSession() });
