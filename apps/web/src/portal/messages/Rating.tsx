import { useState } from 'react';
import { messageRatingNames } from '@portal/shared';
import { messagesApi } from '../../api/messages';
import buttons from '../../components/button.module.css';
import { toast } from '../../components/toast';
import styles from './messages.module.css';

const choices = Object.entries(messageRatingNames).map(([value, label]) => ({ value: Number(value), label }));

/** 满意 / 基本满意 / 不满意, once per answer (RateMessage); the rating given stays shown. */
export function Rating({ code, rating, onRated }: { code: string; rating: number; onRated: () => void }) {
  const [busy, setBusy] = useState(0);
  if (rating) {
    return (
      <p className={styles.rated}>
        您的评价：<strong>{messageRatingNames[rating]}</strong>，感谢您的反馈。
      </p>
    );
  }
  const rate = async (value: number) => {
    setBusy(value);
    try {
      await messagesApi.rate(code, value);
      toast('success', '感谢您的评价');
      onRated();
    } catch (err) {
      toast('warning', (err as Error).message);
    } finally {
      setBusy(0);
    }
  };
  return (
    <div className={styles.rating} role="group" aria-label="评价本次答复">
      <span>您对本次答复是否满意？（只能评价一次）</span>
      <span className={styles.ratingButtons}>
        {choices.map((c) => (
          <button key={c.value} type="button" className={buttons.secondary} disabled={busy !== 0} onClick={() => void rate(c.value)}>
            {c.label}
          </button>
        ))}
      </span>
    </div>
  );
}
