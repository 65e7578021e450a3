import { CardSection } from './CardSection';
import { CouponSection } from './CouponSection';
import { PaymentSection } from './PaymentSection';
import { SubscriptionSection } from './SubscriptionSection';
import '../billing.css';

/**
 * The billing sections of project settings (docs/product/billing.md#screens: payment, coupons, card registration,
 * subscription). Every member sees them; only admins manage, the others read why not.
 */
export function BillingSection({
  section,
  projectIdx,
  canManage,
}: {
  section: 'payment' | 'coupons' | 'card' | 'subscription';
  projectIdx: number;
  canManage: boolean;
}) {
  if (section === 'subscription') return <SubscriptionSection projectIdx={projectIdx} />;
  if (section === 'card') return <CardSection projectIdx={projectIdx} canManage={canManage} />;
  if (section === 'coupons') return <CouponSection projectIdx={projectIdx} canManage={canManage} />;
  return <PaymentSection projectIdx={projectIdx} canManage={canManage} />;
}
