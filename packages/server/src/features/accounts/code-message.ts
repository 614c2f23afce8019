import type { OutgoingMessage } from '../../adapters/delivery.ts';
import type { Channel } from './accounts.queries.ts';
import type { CodePurpose } from './verify-codes.ts';

const ACTIONS: Record<CodePurpose, string> = {
  signup: '绑定账号',
  changeBind: '更换绑定',
  forget: '找回密码',
};

/** The code mail or SMS, in simplified Chinese, naming the action and how long the code lasts. */
export function codeMessage(
  purpose: CodePurpose,
  channel: Channel,
  to: string,
  code: string,
  validSeconds: number,
): OutgoingMessage {
  const action = ACTIONS[purpose];
  const minutes = Math.ceil(validSeconds / 60);
  const subject = `${action}验证码`;
  if (channel === 'phone') {
    return { to, subject, text: `验证码${code}，您正在${action}，${minutes}分钟内有效，请勿告诉他人。` };
  }
  const text = [
    '您好！',
    '',
    `您正在${action}，本次验证码为：${code}`,
    '',
    `验证码${minutes}分钟内有效，请勿将验证码告诉他人。`,
    '如果这不是您本人的操作，请忽略本邮件，您的账号不会有任何变化。',
  ].join('\n');
  return { to, subject, text };
}
