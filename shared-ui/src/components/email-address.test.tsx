import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EmailAddress } from './email-address';

describe('EmailAddress', () => {
  it('reads as the address, and may wrap only before the @ and the domain’s dots', () => {
    const { container } = render(<EmailAddress value="alexander.marshall@greenway-logistics.example" />);
    const span = container.firstElementChild!;
    expect(span.textContent).toBe('alexander.marshall@greenway-logistics.example');
    // Each <wbr> is a place to wrap: before "@", before ".example"; none inside a word or the local part.
    expect(span.innerHTML.split('<wbr>').map((s) => s.replace(/<[^>]+>/g, ''))).toEqual(['alexander.marshall', '@greenway-logistics', '.example']);
  });

  it('shows a text without an @ as it is', () => {
    const { container } = render(<EmailAddress value="no address" />);
    expect(container.textContent).toBe('no address');
    expect(container.querySelector('wbr')).toBeNull();
  });
});
