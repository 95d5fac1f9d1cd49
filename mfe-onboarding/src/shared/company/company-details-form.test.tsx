import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FR, GB } from 'country-flag-icons/string/3x2';
import { aCompany } from '../../test/fixtures';
import { renderWithPlatform } from '../../test/render';
import { CompanyDetailsForm } from './company-details-form';

/** Flag emoji are pairs of regional-indicator symbols: drawn as empty boxes without an emoji font. */
const FLAG_EMOJI = /[\u{1F1E6}-\u{1F1FF}]/u;

/** The SVG drawn by the select's `--flag: url("data:...")`, quotes aside. */
function drawnFlag(select: HTMLElement): string {
  const url = /^url\("data:image\/svg\+xml,(.*)"\)$/.exec(select.style.getPropertyValue('--flag'))?.[1] ?? '';
  return decodeURIComponent(url).replaceAll("'", '"');
}

describe('CompanyDetailsForm country code', () => {
  it('names the countries in plain text, without flag emoji', () => {
    renderWithPlatform(<CompanyDetailsForm company={aCompany()} />);
    const select = screen.getByLabelText('Country code');
    const options = within(select).getAllByRole('option');
    expect(options.length).toBeGreaterThan(200);
    expect(options.filter((o) => FLAG_EMOJI.test(o.textContent ?? ''))).toEqual([]);
    expect(within(select).getByRole('option', { name: 'United Kingdom (+44)' })).toBeInTheDocument();
  });

  it("draws the chosen country's flag as an image from the flag package, and follows the choice", async () => {
    const { user } = renderWithPlatform(<CompanyDetailsForm company={aCompany()} />);
    const select = screen.getByLabelText('Country code');
    await waitFor(() => expect(select).toHaveAttribute('data-flag'));
    expect(drawnFlag(select)).toBe(GB.replaceAll("'", '"'));

    await user.selectOptions(select, 'FR');
    await waitFor(() => expect(drawnFlag(select)).toBe(FR.replaceAll("'", '"')));
  });
});
