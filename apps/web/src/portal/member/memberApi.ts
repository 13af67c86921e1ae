import { get, post } from '../../api/client';

/**
 * Member calls of spec §7 used by the public shell (/api/XfWebApi/). The member feature's
 * own screens (profile, contributions) arrive later and may move these into src/api/.
 */
const base = 'XfWebApi/';

/** What the header needs from GetUserInfo (the spec leaves the rest of the shape open). */
export interface MemberInfo {
  Account: string;
  MemberName?: string;
}

export interface ProposeForm {
  Mobile: string;
  ProposeContent: string;
}

/** The membership application (spec §3 Member fields, §5 rules). */
export interface ApplyForm {
  CompanyType: number;
  MemberLevel: number;
  MemberName: string;
  LegalPerson: string;
  Account: string;
  Pwd: string;
  Email: string;
  OperatorPhone: string;
  FilePath: string;
}

export const memberApi = {
  /** Member login (DESIGN.md §4): str1 account, str2 password, sent as a JSON body; Data is the token. */
  login: (account: string, password: string) => post<string>(`${base}GetLoginToken`, { str1: account, str2: password }),
  userInfo: () => get<MemberInfo>(`${base}GetUserInfo`),
  savePropose: (form: ProposeForm) => post<unknown>(`${base}SavePropose`, form),
  applyMember: (form: ApplyForm) => post<unknown>(`${base}ApplyMember`, form),
  /** Uploads one file (multipart field `file`); Data is the file's address. */
  uploadFile: (file: File) => {
    const body = new FormData();
    body.append('file', file);
    return post<string>(`${base}UploadFile`, body);
  },
};
