import { useEffect, useMemo } from 'react';
import { Alert, Button, Card, Empty, Form, Input, Select, Space, Switch, Tag, Tooltip, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { dialogWidth, REVIEW_STEPS_MAX, reviewMessages, type MenuDto, type Permission, type ReviewStepDto } from '@portal/shared';
import { reviewApi } from '../../../../api/review';
import { useAuth } from '../../../access/AdminSession';
import { useRoleOptions, type LookupOption } from '../../../../components/SearchForm';
import { useFormSubmit } from '../../../../components/useFormSubmit';
import { FormDialog } from '../../../shared/FormDialog';
import { trimmed } from '../../../shared/normalize';
import { useEditedRecord } from '../../../shared/useEditedRecord';
import { reviewKeys } from '../review/keys';
import { blockedExplanation } from '../review/texts';
import styles from './reviewFlow.module.css';

/** A step as the dialog edits it. `blockedRoles`: the roles it had when the server found no one to decide it. */
interface StepForm {
  Name: string;
  RoleIds: number[];
  NoSelfReview: boolean;
  blockedRoles?: number[];
}

interface FlowForm {
  Steps: StepForm[];
}

const toForm = (steps: readonly ReviewStepDto[]): StepForm[] =>
  steps.map((s) => ({ Name: s.Name, RoleIds: [...s.RoleIds], NoSelfReview: s.NoSelfReview, ...(s.Blocked ? { blockedRoles: [...s.RoleIds] } : {}) }));

const roleListPerms: readonly Permission[] = ['system:role:list', 'system:admin:list', 'system:admin:add', 'system:admin:edit'];

/** The usual names of a chain of `count` steps, for the placeholder of step `index`. */
const suggestedName = (index: number, count: number) => (count === 1 ? '审核' : index === 0 ? '初审' : index === count - 1 ? '终审' : '复审');

/** Still as the server found it blocked: the same roles (a change is checked again on save). */
const stillBlocked = (step: StepForm | undefined) =>
  !!step?.blockedRoles && step.blockedRoles.length === step.RoleIds.length && step.blockedRoles.every((id) => step.RoleIds.includes(id));

/**
 * 审核流程 of one menu: its ordered review steps (up to five), each with a name, the roles that
 * may decide it and whether an author may decide their own article. A menu without steps of its
 * own follows its nearest ancestor's (shown, and taken over with 以此为基础单独设置); none anywhere
 * publishes directly. Steps no enabled administrator can decide are marked in red.
 */
export function ReviewFlowDialog({ menu, onClose, onSaved }: { menu: MenuDto | null; onClose: () => void; onSaved: () => void }) {
  const [form] = Form.useForm<FlowForm>();
  const open = menu !== null;
  const flow = useEditedRecord(reviewKeys.flow, menu?.MenuId ?? null, reviewApi.menuFlow);
  // The role list answers holders of these (GetRoleList); others choose among the roles the flow already names.
  const can = useAuth();
  const listsRoles = roleListPerms.some(can);
  const roles = useRoleOptions(open && listsRoles);
  const data = flow.data;

  useEffect(() => {
    if (data) form.setFieldsValue({ Steps: data.Own ? toForm(data.Steps) : [] });
  }, [data, form]);

  // The roles a step names are shown by name even to someone who may not list the roles.
  const roleOptions = useMemo(() => {
    const known = new Map<number, LookupOption>((roles.data ?? []).map((r) => [r.value, r]));
    data?.Steps.forEach((s) => s.RoleIds.forEach((id, i) => known.has(id) || known.set(id, { value: id, label: s.RoleNames[i] ?? `角色${id}` })));
    return [...known.values()];
  }, [roles.data, data]);

  const { submit, saving } = useFormSubmit(
    form,
    ({ Steps }) =>
      reviewApi.saveMenuFlow({ MenuId: menu?.MenuId ?? 0, Steps: (Steps ?? []).map(({ Name, RoleIds, NoSelfReview }) => ({ Name, RoleIds, NoSelfReview })) }),
    () => onSaved(),
  );

  const inherited = data && !data.Own && data.InheritedFrom ? data : null;

  return (
    <FormDialog
      title={menu ? `审核流程：${menu.Name}` : '审核流程'}
      open={open}
      width={dialogWidth.medium}
      onOk={submit}
      onCancel={onClose}
      saving={saving}
      loading={flow.isLoading}
    >
      {!listsRoles && <Alert className={styles.alert} type="warning" showIcon message="您没有查看角色列表的权限，只能从流程中已有的角色里选择。" />}
      <Typography.Paragraph type="secondary">
        本栏目的文章（含修改已发布的文章、会员投稿）须按顺序逐步审核，末步通过后才发布；修改稿审核期间网站仍显示原内容。未设置步骤的栏目沿用上级栏目的流程，都没有则保存后直接发布。
      </Typography.Paragraph>
      <Form form={form} layout="vertical" preserve={false} requiredMark={false}>
        <Form.List name="Steps">
          {(fields, { add, remove, move }) => (
            <>
              {fields.length === 0 && inherited && <InheritedFlow flow={inherited} onCopy={() => form.setFieldsValue({ Steps: toForm(inherited.Steps) })} />}
              {fields.length === 0 && data && !inherited && (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="未设置审核流程：本栏目的文章保存后直接发布" />
              )}
              {fields.map((field, index) => (
                <Form.Item key={field.key} noStyle shouldUpdate={(a: FlowForm, b: FlowForm) => a.Steps?.[index] !== b.Steps?.[index]}>
                  {() => {
                    const blocked = stillBlocked(form.getFieldValue(['Steps', index]) as StepForm | undefined);
                    const number = `第${index + 1}步`;
                    return (
                      <Card
                        size="small"
                        className={blocked ? styles.blocked : styles.step}
                        role="group"
                        aria-label={number}
                        title={
                          <Space size={6} wrap>
                            <span>{number}</span>
                            {index === fields.length - 1 && fields.length > 1 && <Tag color="blue">末步通过即发布</Tag>}
                            {blocked && <Tag color="error">无人可审核</Tag>}
                          </Space>
                        }
                        extra={
                          <Space size={0}>
                            <Tooltip title="上移">
                              <Button
                                type="text"
                                size="small"
                                icon={<ArrowUpOutlined />}
                                aria-label={`上移${number}`}
                                disabled={index === 0}
                                onClick={() => move(index, index - 1)}
                              />
                            </Tooltip>
                            <Tooltip title="下移">
                              <Button
                                type="text"
                                size="small"
                                icon={<ArrowDownOutlined />}
                                aria-label={`下移${number}`}
                                disabled={index === fields.length - 1}
                                onClick={() => move(index, index + 1)}
                              />
                            </Tooltip>
                            <Tooltip title="删除">
                              <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label={`删除${number}`} onClick={() => remove(index)} />
                            </Tooltip>
                          </Space>
                        }
                      >
                        {blocked && <Alert className={styles.alert} type="error" showIcon message={blockedExplanation} />}
                        <div className={styles.fields}>
                          <Form.Item
                            name={[field.name, 'Name']}
                            label="步骤名称"
                            normalize={trimmed}
                            rules={[{ required: true, whitespace: true, message: reviewMessages.stepNameRequired }, { max: 20 }]}
                          >
                            <Input placeholder={`如：${suggestedName(index, fields.length)}`} maxLength={20} />
                          </Form.Item>
                          <Form.Item
                            name={[field.name, 'RoleIds']}
                            label="审核角色"
                            rules={[{ required: true, type: 'array', min: 1, message: reviewMessages.stepRolesRequired }]}
                          >
                            <Select
                              mode="multiple"
                              placeholder="请选择审核角色（可多选）"
                              options={roleOptions}
                              loading={roles.isLoading}
                              showSearch={{ optionFilterProp: 'label' }}
                              maxCount={20}
                            />
                          </Form.Item>
                        </div>
                        <Form.Item name={[field.name, 'NoSelfReview']} valuePropName="checked" className={styles.switch}>
                          <SelfReviewSwitch />
                        </Form.Item>
                      </Card>
                    );
                  }}
                </Form.Item>
              ))}
              <Tooltip title={fields.length >= REVIEW_STEPS_MAX ? reviewMessages.tooManySteps(REVIEW_STEPS_MAX) : undefined}>
                <Button
                  type="dashed"
                  block
                  icon={<PlusOutlined />}
                  disabled={fields.length >= REVIEW_STEPS_MAX || !data}
                  onClick={() => add({ Name: '', RoleIds: [], NoSelfReview: false } satisfies StepForm)}
                >
                  添加步骤（{fields.length}/{REVIEW_STEPS_MAX}）
                </Button>
              </Tooltip>
              {data?.Own && fields.length === 0 && (
                <Typography.Paragraph type="warning" className={styles.note}>
                  已删除全部步骤：保存后本栏目将沿用上级栏目的审核流程，上级也没有则直接发布。
                </Typography.Paragraph>
              )}
            </>
          )}
        </Form.List>
      </Form>
    </FormDialog>
  );
}

/** The 不得审核本人稿件 switch with its words beside it: the label names the control for a screen reader too. */
function SelfReviewSwitch({ checked, onChange }: { checked?: boolean; onChange?: (checked: boolean) => void }) {
  return (
    <label className={styles.switchLabel}>
      <Switch size="small" checked={checked} onChange={onChange} />
      <span>不得审核本人稿件</span>
    </label>
  );
}

/** The ancestor's steps this menu follows, read-only, and the way to give the menu its own. */
function InheritedFlow({ flow, onCopy }: { flow: { InheritedFrom: { MenuName: string } | null; Steps: ReviewStepDto[] }; onCopy: () => void }) {
  return (
    <Alert
      className={styles.alert}
      type="info"
      showIcon
      message={`来自上级栏目“${flow.InheritedFrom?.MenuName ?? ''}”：本栏目沿用该流程`}
      description={
        <>
          <ol className={styles.inherited}>
            {flow.Steps.map((s, i) => (
              <li key={i} className={s.Blocked ? styles.inheritedBlocked : undefined}>
                <strong>{s.Name}</strong>：{s.RoleNames.join('、') || '（无角色）'}
                {s.NoSelfReview && '，不得审核本人稿件'}
                {s.Blocked && (
                  <Tag color="error" className={styles.inlineTag}>
                    无人可审核
                  </Tag>
                )}
              </li>
            ))}
          </ol>
          {flow.Steps.some((s) => s.Blocked) && <div className={styles.inheritedBlocked}>{blockedExplanation}</div>}
          <Button size="small" onClick={onCopy}>
            以此为基础单独设置
          </Button>
        </>
      }
    />
  );
}
