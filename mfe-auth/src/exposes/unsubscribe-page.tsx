import { UnsubscribePage } from '../features/unsubscribe/unsubscribe-page';

export default UnsubscribePage;
