import type { Locale } from '@app/contract';
import type { OutgoingMessage } from '../../adapters/delivery.ts';
import type { Channel } from './accounts.queries.ts';
import type { CodePurpose } from './verify-codes.ts';

/** The texts of the code mail and SMS in each script; Taiwan wording for tw (帳號, 簡訊 style). */
const TEXTS: Record<
  Locale,
  {
    actions: Record<CodePurpose, string>;
    subject: (action: string) => string;
    sms: (code: string, action: string, minutes: number) => string;
    mail: (code: string, action: string, minutes: number) => string[];
  }
> = {
  cn: {
    actions: { signup: '绑定账号', changeBind: '更换绑定', forget: '找回密码' },
    subject: (action) => `${action}验证码`,
    sms: (code, action, minutes) => `验证码${code}，您正在${action}，${minutes}分钟内有效，请勿告诉他人。`,
    mail: (code, action, minutes) => [
      '您好！',
      '',
      `您正在${action}，本次验证码为：${code}`,
      '',
      `验证码${minutes}分钟内有效，请勿将验证码告诉他人。`,
      '如果这不是您本人的操作，请忽略本邮件，您的账号不会有任何变化。',
    ],
  },
  tw: {
    actions: { signup: '綁定帳號', changeBind: '更換綁定', forget: '找回密碼' },
    subject: (action) => `${action}驗證碼`,
    sms: (code, action, minutes) => `驗證碼${code}，您正在${action}，${minutes}分鐘內有效，請勿告訴他人。`,
    mail: (code, action, minutes) => [
      '您好！',
      '',
      `您正在${action}，本次驗證碼為：${code}`,
      '',
      `驗證碼${minutes}分鐘內有效，請勿將驗證碼告訴他人。`,
      '如果這不是您本人的操作，請忽略本郵件，您的帳號不會有任何變化。',
    ],
  },
};

/** The code mail or SMS in the account's script, naming the action and how long the code lasts. */
export function codeMessage(
  purpose: CodePurpose,
  channel: Channel,
  to: string,
  code: string,
  validSeconds: number,
  locale: Locale,
): OutgoingMessage {
  const texts = TEXTS[locale];
  const action = texts.actions[purpose];
  const minutes = Math.ceil(validSeconds / 60);
  const subject = texts.subject(action);
  if (channel === 'phone') return { to, subject, text: texts.sms(code, action, minutes) };
  return { to, subject, text: texts.mail(code, action, minutes).join('\n') };
}
