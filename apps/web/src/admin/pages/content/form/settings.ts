import dayjs, { type Dayjs } from 'dayjs';
import type { FormAudience, FormDetailDto, FormField, FormKind, SaveFormBody } from '@portal/shared';

/** The settings part of the builder, as its antd form holds them. */
export interface FormSettings {
  Title: string;
  Description: string;
  Kind: FormKind;
  Audience: FormAudience;
  Levels: number[];
  /** 开放时间: either end may be empty (no bound). */
  Window: [Dayjs | null, Dayjs | null] | null;
  OncePerMember: boolean;
  Anonymous: boolean;
  ResponseLimit: number | null;
  PublishSummary: boolean;
  ResultsVisible: 'during' | 'after';
}

const timeFormat = 'YYYY-MM-DD HH:mm:ss';
const toDay = (time: string) => (time ? dayjs(time) : null);
const toTime = (day: Dayjs | null | undefined) => (day ? day.format(timeFormat) : '');

export const blankSettings = (): FormSettings => ({
  Title: '',
  Description: '',
  Kind: 'form',
  Audience: 'public',
  Levels: [],
  Window: null,
  OncePerMember: true,
  Anonymous: false,
  ResponseLimit: 0,
  PublishSummary: false,
  ResultsVisible: 'after',
});

export const readSettings = (form: FormDetailDto): FormSettings => ({
  Title: form.Title,
  Description: form.Description,
  Kind: form.Kind as FormKind,
  Audience: form.Audience as FormAudience,
  Levels: form.Levels,
  Window: form.OpenTime || form.CloseTime ? [toDay(form.OpenTime), toDay(form.CloseTime)] : null,
  OncePerMember: form.OncePerMember,
  Anonymous: form.Anonymous,
  ResponseLimit: form.ResponseLimit,
  PublishSummary: form.PublishSummary,
  ResultsVisible: form.ResultsVisible === 'during' ? 'during' : 'after',
});

/**
 * SaveForm's body: every setting and every field, as the screen shows them (the server keeps
 * what a body leaves out, so leaving nothing out is what makes 修改成功 mean what it says).
 */
export const saveBody = (Id: number, { Window, ResponseLimit, ...settings }: FormSettings, Fields: FormField[]): SaveFormBody => ({
  Id,
  ...settings,
  Title: settings.Title.trim(),
  Description: settings.Description.trim(),
  Levels: settings.Audience === 'levels' ? settings.Levels : [],
  OpenTime: toTime(Window?.[0]),
  CloseTime: toTime(Window?.[1]),
  ResponseLimit: ResponseLimit ?? 0,
  Fields,
});
