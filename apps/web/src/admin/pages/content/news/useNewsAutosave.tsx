import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { Alert, App, Button, Modal, Space, Typography, type FormInstance } from 'antd';
import dayjs from 'dayjs';
import { contentMessages, type NewsAutosaveDto } from '@portal/shared';
import { contentAdminApi } from '../../../../api/content-admin';

/** How often an edited form is autosaved. */
const AUTOSAVE_MS = 30_000;

/** How the last autosave went: its time, or that it failed; null before the first. */
type Outcome = { saved: string } | 'failed' | null;

/**
 * The last outcome, kept outside React state: a change redraws only the line that shows it
 * (AutosaveLine), never the dialog and its rich-text editor.
 */
function outcomeStore() {
  let current: Outcome = null;
  const listeners = new Set<() => void>();
  return {
    get: () => current,
    set(next: Outcome) {
      current = next;
      listeners.forEach((listener) => listener());
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
type OutcomeStore = ReturnType<typeof outcomeStore>;

/** 已自动保存 HH:mm:ss after each autosave, or why the last one failed; read out by screen readers. */
function AutosaveLine({ store }: { store: OutcomeStore }) {
  const outcome = useSyncExternalStore(store.subscribe, store.get, store.get);
  return (
    <span role="status" aria-label="自动保存">
      {outcome === 'failed' ? (
        <Typography.Text type="danger">{contentMessages.autosaveFailed}</Typography.Text>
      ) : (
        outcome && <Typography.Text type="secondary">{contentMessages.autosavedAt(outcome.saved)}</Typography.Text>
      )}
    </span>
  );
}

interface AutosaveOptions<V> {
  form: FormInstance<V>;
  /** The article being edited (0: a new one); null while the dialog is closed. */
  newsId: number | null;
  /** The form has been filled (blank, or from the article): the restore offer waits for it so the fill does not undo it. */
  filled: boolean;
  /** The real save is running: no autosave then, lest it land after the save deleted the copy. */
  saving: boolean;
  /** The form's values as JSON-able data (times as text), and back. */
  toJson: (values: V) => unknown;
  fromJson: (saved: unknown) => Partial<V>;
  onClose: () => void;
}

/**
 * The article editor's autosave (自动保存, features/news/autosave.ts on the server): every 30 s
 * while the form has changes not yet autosaved, and when the page is hidden or left, the
 * whole form goes to the server. Changes are noticed by the form's onValuesChange into refs,
 * never by watching the form: a render of the dialog on every keystroke would redraw the
 * rich-text editor under the typing (and once made a pasted picture upload twice).
 *
 * It also asks before closing with changes (放弃修改 / 保留草稿 / 继续编辑) and, on opening,
 * offers an autosave newer than the article's last save (恢复 / 丢弃) in a bar above the form,
 * not a dialog: the editor may start writing without answering. Render `prompts`, and
 * `status` beside the editor (the time of the last autosave, or its failure).
 */
export function useNewsAutosave<V>({ form, newsId, filled, saving, toJson, fromJson, onClose }: AutosaveOptions<V>) {
  const { message } = App.useApp();
  /** Changes since the dialog opened (asks on close), and how many of them the server has. */
  const changes = useRef(0);
  const autosaved = useRef(0);
  const [offer, setOffer] = useState<NewsAutosaveDto | null>(null);
  const [asking, setAsking] = useState(false);
  const [outcome] = useState(outcomeStore);
  const latest = useRef({ form, newsId, saving, toJson });
  latest.current = { form, newsId, saving, toJson };

  /** Sends the form if it has changes the server lacks; a failure warns once and leaves them for the next tick. */
  const autosave = useRef(async (leaving = false) => {
    const { form, newsId, saving, toJson } = latest.current;
    const upTo = changes.current;
    if (newsId === null || saving || upTo === autosaved.current) return;
    try {
      await contentAdminApi.saveNewsAutosave(newsId, JSON.stringify(toJson(form.getFieldsValue(true) as V)), leaving);
      autosaved.current = Math.max(autosaved.current, upTo);
      outcome.set({ saved: dayjs().format('HH:mm:ss') });
    } catch {
      outcome.set('failed');
      if (!leaving) void message.warning({ content: contentMessages.autosaveFailed, key: 'news-autosave' });
    }
  }).current;

  // A fresh count for each opening.
  useEffect(() => {
    changes.current = 0;
    autosaved.current = 0;
    setOffer(null);
    setAsking(false);
    outcome.set(null);
  }, [newsId, outcome]);

  // The offer, once the form is filled.
  useEffect(() => {
    if (newsId === null || !filled) return;
    let stale = false;
    contentAdminApi.newsAutosave(newsId).then(
      (found) => !stale && setOffer(found),
      () => undefined,
    );
    return () => {
      stale = true;
    };
  }, [newsId, filled]);

  // The clock, and the page being hidden (another tab, the phone locked) or left.
  useEffect(() => {
    if (newsId === null) return;
    const timer = window.setInterval(() => void autosave(), AUTOSAVE_MS);
    const hidden = () => document.visibilityState === 'hidden' && void autosave(true);
    const leaving = () => void autosave(true);
    document.addEventListener('visibilitychange', hidden);
    window.addEventListener('beforeunload', leaving);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', hidden);
      window.removeEventListener('beforeunload', leaving);
    };
  }, [newsId, autosave]);

  const restore = () => {
    if (offer) form.setFieldsValue(fromJson(JSON.parse(offer.Form)) as Parameters<typeof form.setFieldsValue>[0]);
    // Restored, the form differs from the article: closing asks; the server already has it.
    changes.current += 1;
    autosaved.current = changes.current;
    setOffer(null);
  };
  const discardOffer = () => {
    if (newsId !== null) void contentAdminApi.dropNewsAutosave(newsId).catch(() => undefined);
    setOffer(null);
  };

  /** 取消 or ×: asks first when there are changes. */
  const requestClose = () => (changes.current > 0 ? setAsking(true) : onClose());
  const discardChanges = () => {
    if (newsId !== null) void contentAdminApi.dropNewsAutosave(newsId).catch(() => undefined);
    setAsking(false);
    onClose();
  };
  const keepDraft = async () => {
    await autosave();
    setAsking(false);
    onClose();
  };

  const prompts = (
    <>
      {offer && (
        <Alert
          type="info"
          showIcon
          role="alert"
          style={{ marginBottom: 16 }}
          message={`发现未保存的草稿（${offer.SaveTime}），是否恢复？`}
          action={
            <Space>
              <Button size="small" type="primary" onClick={restore}>
                恢复
              </Button>
              <Button size="small" onClick={discardOffer}>
                丢弃
              </Button>
            </Space>
          }
        />
      )}
      <Modal
        title="关闭编辑"
        open={asking}
        onCancel={() => setAsking(false)}
        maskClosable={false}
        footer={[
          <Button key="continue" onClick={() => setAsking(false)}>
            继续编辑
          </Button>,
          <Button key="keep" onClick={() => void keepDraft()}>
            保留草稿
          </Button>,
          <Button key="discard" danger onClick={discardChanges}>
            放弃修改
          </Button>,
        ]}
      >
        是否放弃未保存的修改？保留草稿可在下次打开时恢复。
      </Modal>
    </>
  );

  return { onValuesChange: () => void (changes.current += 1), requestClose, prompts, status: <AutosaveLine store={outcome} /> };
}
