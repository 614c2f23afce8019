import type { PayType } from '@app/contract';
import { AlipayCircleFill, BankcardOutline, CheckCircleFill, MessageFill } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PaymentMethod } from '../payment-rules.ts';

const ICONS: Record<PayType, ReactNode> = {
  alipay: <AlipayCircleFill />,
  wechat: <MessageFill />,
  unionpay: <BankcardOutline />,
};

/** The pay type's own name (支付宝, 微信支付, 银联支付), with the channel's detail when it says more. */
export function PayTypeIcon({ payType }: { payType: PayType }) {
  return (
    <span className={`pay-icon pay-icon--${payType}`} aria-hidden>
      {ICONS[payType]}
    </span>
  );
}

/** The chosen plan's methods; a tap selects one and a second tap deselects it. */
export function PaymentMethods({
  methods,
  selectedId,
  onToggle,
}: {
  methods: PaymentMethod[];
  selectedId: number | null;
  onToggle: (method: PaymentMethod) => void;
}) {
  const { t } = useTranslation();
  return (
    <ul className="pay-methods" data-testid="pay-methods">
      {methods.map((method) => {
        const selected = method.id === selectedId;
        const typeName = t(`pay_${method.payType}`);
        return (
          <li key={method.id}>
            <button
              type="button"
              className={selected ? 'pay-method pay-method--selected' : 'pay-method'}
              aria-pressed={selected}
              onClick={() => onToggle(method)}
            >
              <PayTypeIcon payType={method.payType} />
              <span className="pay-method__name">
                {typeName}
                {method.name && method.name !== typeName && (
                  <small className="pay-method__detail">{method.name}</small>
                )}
              </span>
              <span className="pay-method__radio" aria-hidden>
                {selected && <CheckCircleFill />}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
