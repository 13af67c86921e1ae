import { adminQueryKeys } from '../../session/queries';

/** Query keys of the membership pages (会员等级, 会费管理, the workbench's dues), under the back-office session's prefix. */
const membershipKey = [...adminQueryKeys.all, 'membership'];
export const levelTermsKey = [...membershipKey, 'levels'];
export const duesAccountKey = [...membershipKey, 'account'];
export const paymentsKey = [...membershipKey, 'payments'];
export const paymentKey = (id: number) => [...paymentsKey, 'one', id];
export const standingKey = (memberId: number) => [...membershipKey, 'standing', memberId];
/** What a payment or a void changes: the list, a payment, a standing and the year's sums all live under it. */
export const duesKey = membershipKey;
export const summaryKey = [...membershipKey, 'summary'];
export const receiptSealKey = [...membershipKey, 'seal'];
