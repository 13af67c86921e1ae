import { describe, expect, it } from 'vitest';
import { saveFormBody, type FormDetailDto } from '@portal/shared';
import { blankField } from './fields';
import { blankSettings, readSettings, saveBody } from './settings';

const stored: FormDetailDto = {
  Id: 7,
  Title: '理事单位评优投票',
  Description: '每家限投一次',
  Kind: 'vote',
  Audience: 'levels',
  Levels: [3, 5],
  OpenTime: '2026-12-01 09:00:00',
  CloseTime: '',
  OncePerMember: true,
  Anonymous: true,
  ResponseLimit: 300,
  PublishSummary: false,
  ResultsVisible: 'during',
  Status: 0,
  Accepting: false,
  ResponseCount: 0,
  Version: 2,
  CreateTime: '2026-11-20 10:00:00',
  UpdateTime: '2026-11-21 10:00:00',
  Fields: [{ ...blankField('checkbox', []), MaxPicks: 2 }],
  AnsweredFields: [],
};

describe('the builder’s settings', () => {
  it('sends every part of SaveForm, so nothing is left for the server to keep from before', () => {
    const body = saveBody(0, blankSettings(), []);
    expect(Object.keys(body).sort()).toEqual(Object.keys(saveFormBody.shape).sort());
  });

  it('saves what it read: a stored form read into the screen and sent back is the same form', () => {
    const sent = saveFormBody.parse(saveBody(stored.Id, readSettings(stored), stored.Fields as never));
    const { Status: _s, Accepting: _a, ResponseCount: _r, Version: _v, CreateTime: _c, UpdateTime: _u, AnsweredFields: _f, ...same } = stored;
    expect(sent).toEqual(same);
  });

  it('drops the levels of an audience that is not by level', () => {
    expect(saveBody(1, { ...readSettings(stored), Audience: 'members' }, []).Levels).toEqual([]);
  });
});
