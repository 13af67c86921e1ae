import { describe, expect, it } from 'vitest';
import { askErrors, emptyAsk } from './askRules';

const filled = { ...emptyAsk, CategoryId: '1', Subject: '会费标准', Content: '请问今年的会费标准是多少？' };

describe('askErrors', () => {
  it('asks for the category, subject and text with the server’s words', () => {
    expect(askErrors(emptyAsk, { RequireName: false, Contact: 'either' }, false)).toMatchObject({
      CategoryId: '请选择留言类别',
      Subject: '请输入留言标题',
      Content: '请输入留言内容',
      Phone: '请填写联系电话或电子邮箱',
    });
  });

  it('follows what the site requires', () => {
    expect(askErrors(filled, { RequireName: true, Contact: 'both' }, true)).toEqual({
      Name: '请输入姓名',
      Phone: '请输入联系电话',
      Email: '请输入电子邮箱',
      Captcha: '请输入验证码',
    });
    expect(askErrors({ ...filled, Email: 'a@b.cn' }, { RequireName: false, Contact: 'either' }, false)).toEqual({});
  });

  it('checks the form of a phone and an e-mail given', () => {
    expect(askErrors({ ...filled, Phone: '123', Email: 'nope' }, { RequireName: false, Contact: 'phone' }, false)).toEqual({
      Phone: '请输入正确电话号码',
      Email: '请输入正确的电子邮箱',
    });
  });
});
