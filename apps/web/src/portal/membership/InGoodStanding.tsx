import type { ReactNode } from 'react';
import { MembershipState, membershipMessages } from '@portal/shared';
import { AntdPart } from '../../components/OnDemand';
import { SkeletonRows } from '../../components/Skeleton';
import { LapsedNotice } from './LapsedNotice';
import { useMyMembership } from './useMyMembership';

/** A member's content once the membership is known not to have lapsed; a lapsed one sees the way to renew. */
export function InGoodStanding({ children }: { children: ReactNode }) {
  const { membership, pending } = useMyMembership();
  if (pending) return <SkeletonRows rows={6} />;
  if (membership?.State === MembershipState.Expired) return <LapsedNotice title={membershipMessages.lapsed} />;
  return <AntdPart>{children}</AntdPart>;
}
