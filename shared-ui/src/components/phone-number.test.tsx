import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PhoneNumber } from './phone-number';

describe('PhoneNumber', () => {
  it('writes a number through the portal’s one formatter: national at home, international otherwise', async () => {
    render(
      <ul>
        <li>
          <PhoneNumber value="+44 0113 496 0123" country="GB" />
        </li>
        <li>
          <PhoneNumber value="+353 1 234 5678" country="GB" />
        </li>
        <li>
          <PhoneNumber value="" country="GB" empty="N/A" />
        </li>
      </ul>,
    );
    expect(await screen.findByText('0113 496 0123')).toBeInTheDocument();
    expect(screen.getByText('+353 1 234 5678')).toBeInTheDocument();
    expect(screen.getByText('N/A')).toBeInTheDocument();
  });
});
