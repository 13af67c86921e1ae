import { useQuery } from '@tanstack/react-query';
import { messagesApi } from '../../api/messages';
import styles from './messages.module.css';

/** The visitor's captcha for SaveMessage: a fresh one each time it is asked for (a ticket is used once, right or wrong). */
export function useMessageCaptcha() {
  return useQuery({ queryKey: ['messageCaptcha'], queryFn: messagesApi.captcha, staleTime: Infinity, gcTime: 0, meta: { browserOnly: true } });
}

/** The captcha's picture, a click draws another. */
export function CaptchaImage({ image, onRenew }: { image: string | undefined; onRenew: () => void }) {
  return (
    <button type="button" className={styles.captcha} onClick={onRenew} title="看不清？换一张" aria-label="验证码图片，点击更换">
      {image ? <img src={image} alt="验证码" width={120} height={40} /> : '加载中…'}
    </button>
  );
}
