/** The values a search form hands to its list call: trimmed text, ids, dates as yyyy-MM-dd. */
export type SearchValues = Record<string, string | number | undefined>;

export interface SelectOption {
  label: string;
  value: string | number;
}

type Named<F> = {
  /** The call's parameter name. */
  name: Extract<keyof F, string>;
  label: string;
  placeholder?: string;
};

/**
 * One field of a search form (spec §2 "Search form component"), described by configuration.
 * Lookup kinds (role, companyType, memberLevel, type, menu) load their options themselves.
 */
export type SearchField<F> =
  | (Named<F> & { kind: 'input' })
  | (Named<F> & { kind: 'select'; options: readonly SelectOption[] })
  | (Named<F> & { kind: 'role' | 'companyType' | 'memberLevel' | 'type' })
  /** The public menu tree as a cascader; any level may be chosen, the call gets the last id. */
  | (Named<F> & { kind: 'menu' })
  /** A single date with the shortcuts 今天, 昨天, 一周前; future dates are disabled. */
  | (Named<F> & { kind: 'date' })
  /**
   * A date range with the presets 最近一周, 最近一个月, 最近三个月, sent as two parameters. Future
   * days are disabled unless `future` (activities are planned ahead).
   */
  | (Omit<Named<F>, 'name'> & { kind: 'dateRange'; name: string; names: [Extract<keyof F, string>, Extract<keyof F, string>]; future?: boolean })
  /**
   * The member read-status toggle: by default 全部, 会员可读 (1), 公开 (0) (an article's reading
   * rights); `options` gives other choices, e.g. 已读 (1) / 未读 (0) of a notice.
   */
  | (Named<F> & { kind: 'readStatus'; options?: readonly SelectOption[] });
