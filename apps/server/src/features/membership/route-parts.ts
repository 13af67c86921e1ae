import { z } from 'zod';
import { idParam, memberMessages, membershipMessages } from '@portal/shared';

/** What the membership cycle's back-office calls share: the audit target of dues, a member's or payment's id in the path and their 404s. */
export const PAYMENT = '会费';
export const memberParams = z.object({ id: idParam });
export const paymentMissing = { 404: membershipMessages.paymentNotFound };
export const memberMissing = { 404: memberMessages.memberNotFound };
