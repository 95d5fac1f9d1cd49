import { MESSAGES } from '@portal/shared-contracts';
export default function LoginPage() {
  return <button type="submit">{MESSAGES.login.button}</button>;
}
