import { useQuery } from '@tanstack/react-query';
import { membershipAdminApi } from '../../../../api/membership-admin';
import { ReceiptModal, sealImage } from '../../../../components/receipt/ReceiptModal';
import { useSiteInfo } from '../../../../portal/layout/useSiteInfo';
import { paymentKey, receiptSealKey } from '../membershipKeys';

/** 收据 of one payment in 会费管理; 收款人 shows the recorder's name, their account on hover. */
export function ReceiptDialog({ paymentId, onClose }: { paymentId: number | null; onClose: () => void }) {
  const payment = useQuery({ queryKey: paymentKey(paymentId ?? 0), queryFn: () => membershipAdminApi.payment(paymentId!), enabled: paymentId !== null });
  const seal = useQuery({
    queryKey: receiptSealKey,
    queryFn: async () => sealImage(await membershipAdminApi.receiptSeal()),
    enabled: paymentId !== null,
    staleTime: Infinity,
  });
  const issuer = useSiteInfo().data?.Name ?? '';
  return (
    <ReceiptModal
      open={paymentId !== null}
      receipt={payment.data}
      issuer={issuer}
      seal={seal.data}
      sealSettled={seal.isSuccess || seal.isError}
      cashierAccount={payment.data?.RecordedBy}
      onClose={onClose}
    />
  );
}
