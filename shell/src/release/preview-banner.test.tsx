import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@portal/shared-contracts/messages';
import { PreviewBanner } from './preview-banner';

const P = MESSAGES.releasePreview;

describe('PreviewBanner', () => {
  it('names the previewed remote, version and end, with a way out to the portal server', () => {
    const until = '2026-12-05T12:00:00.000Z';
    render(<PreviewBanner preview={{ remote: 'mfe-employees', version: '1.5.0-pr.42.abc1234', until }} refused={null} />);
    const end = new Date(until).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
    expect(screen.getByRole('status')).toHaveTextContent(P.banner('mfe-employees', '1.5.0-pr.42.abc1234', end));
    expect(screen.getByRole('link', { name: P.leave })).toHaveAttribute('href', '/preview/leave');
  });

  it('says why a link was refused until dismissed, and ignores a reason it does not know', async () => {
    render(<PreviewBanner preview={null} refused="revoked" />);
    expect(screen.getByRole('alert')).toHaveTextContent(P.refused.revoked);
    await userEvent.click(screen.getByRole('button', { name: P.dismiss }));
    expect(screen.queryByRole('alert')).toBeNull();
    const { container } = render(<PreviewBanner preview={null} refused="<b>pwned</b>" />);
    expect(container).toBeEmptyDOMElement();
  });
});
