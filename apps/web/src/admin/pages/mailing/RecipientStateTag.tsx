import { Tag } from 'antd';

const stateColors: Record<string, string> = { waiting: 'default', queued: 'processing', sent: 'success', failed: 'error', site: 'blue', bounced: 'warning' };

/** Where one recipient's copy of a mailing stands (MailingRecipientDto.State), in its colour. */
export function RecipientStateTag({ state, name }: { state: string; name: string }) {
  return <Tag color={stateColors[state]}>{name}</Tag>;
}
