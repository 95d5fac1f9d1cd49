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
    // Between them each piece is held together, so its hyphens are no place to wrap either.
    expect([...span.children].filter((e) => e.tagName === 'SPAN').map((e) => e.textContent)).toEqual(['alexander.marshall', '@greenway-logistics', '.example']);
    expect(new Set([...span.querySelectorAll('span')].map((e) => e.className)).size).toBe(1);
  });

  it('shows a text without an @ as it is', () => {
    const { container } = render(<EmailAddress value="no address" />);
    expect(container.textContent).toBe('no address');
    expect(container.querySelector('wbr')).toBeNull();
  });
});
