import { useMutation, useQuery } from "@apollo/client/react";
import { Button, Skeleton, Space } from "antd";
import type { AdminCsSettingsQuery as Settings } from "../../../gql/graphql";
import { Field, FieldError, Form, TextArea, TextInput } from "../common/fields";
import { Switch } from "../common/Switch";
import { useAdminAction } from "../common/useAdminAction";
import { useFormState } from "../common/useFormState";
import { AdminCsSettingsQuery, UpdateCsSettingsMutation } from "./operations";
import { Panel } from "../common/Panel";
import styles from "./settings.module.css";

type Values = Omit<Settings["adminCustomerServiceSettings"], "__typename" | "quickReplies"> & {
  quickReplies: { question: string; answer: string }[];
};

const AVATAR = /^(|https?:\/\/\S+|\/\S*)$/;
const MAX_REPLIES = 20;

/** What is wrong with the form, by field ("quickReplies.N.question" for a reply), in the spec's wording. */
function problems(v: Values): Record<string, string> {
  const found: Record<string, string> = {};
  if (!v.customerServiceName.trim()) found.customerServiceName = "请输入客服名称";
  if (!AVATAR.test(v.customerServiceAvatar)) found.customerServiceAvatar = "请输入图片地址（http(s):// 或 / 开头）";
  if (!v.welcomeMessage.trim()) found.welcomeMessage = "请输入欢迎语";
  v.quickReplies.forEach((q, i) => {
    if (!q.question.trim()) found[`quickReplies.${i}.question`] = "请输入问题";
    if (!q.answer.trim()) found[`quickReplies.${i}.answer`] = "请输入回答";
  });
  return found;
}

/** 客服设置: on/off, name, avatar, welcome message, the 使用问题 quick replies, service hours and the offline note. */
export function CustomerServiceSettingsForm() {
  const { data, loading } = useQuery(AdminCsSettingsQuery, { fetchPolicy: "network-only" });
  if (loading && !data) return <Skeleton active />;
  const s = data?.adminCustomerServiceSettings;
  return s ? <SettingsForm s={s} /> : null;
}

/** The form itself, in plain elements (fields.tsx): it is the page's content. */
function SettingsForm({ s }: { s: Settings["adminCustomerServiceSettings"] }) {
  const [save, { loading: saving }] = useMutation(UpdateCsSettingsMutation);
  const act = useAdminAction();
  const {
    values: v,
    set,
    errors,
    clear,
    check,
  } = useFormState<Values>(() => ({
    enabled: s.enabled,
    customerServiceName: s.customerServiceName,
    customerServiceAvatar: s.customerServiceAvatar,
    welcomeMessage: s.welcomeMessage,
    quickReplies: s.quickReplies.map((q) => ({ question: q.question, answer: q.answer })),
    offlineMessage: s.offlineMessage,
    serviceHoursStart: s.serviceHoursStart,
    serviceHoursEnd: s.serviceHoursEnd,
  }));
  const setReply = (i: number, change: Partial<Values["quickReplies"][number]>) => {
    set({ quickReplies: v.quickReplies.map((q, j) => (j === i ? { ...q, ...change } : q)) });
    clear(...Object.keys(change).map((part) => `quickReplies.${i}.${part}`));
  };
  const submit = () => {
    if (!check(problems(v))) return;
    void act(
      () =>
        save({
          variables: {
            input: {
              ...v,
              quickReplies: v.quickReplies.map((q) => ({ question: q.question, answer: q.answer })),
            },
          },
        }),
      "客服设置已保存",
      "保存失败",
    );
  };
  return (
    <Panel title="客服设置">
      <Form style={{ maxWidth: 720 }} onSubmit={submit}>
        <Field label="启用在线客服" help="关闭后用户页面不再显示客服图标">
          {() => (
            <div>
              <Switch aria-label="启用在线客服" checked={v.enabled} onChange={(enabled) => set({ enabled })} />
            </div>
          )}
        </Field>
        <Field label="客服名称" required error={errors.customerServiceName}>
          {(id) => (
            <TextInput
              id={id}
              maxLength={32}
              placeholder="在线客服"
              value={v.customerServiceName}
              onChange={(e) => set({ customerServiceName: e.target.value })}
            />
          )}
        </Field>
        <Field label="客服头像地址" error={errors.customerServiceAvatar}>
          {(id) => (
            <TextInput
              id={id}
              maxLength={300}
              placeholder="https://… 或 /uploads/…"
              value={v.customerServiceAvatar}
              onChange={(e) => set({ customerServiceAvatar: e.target.value })}
            />
          )}
        </Field>
        <Field label="欢迎语" required error={errors.welcomeMessage}>
          {(id) => (
            <TextArea
              id={id}
              maxLength={500}
              placeholder="您好！有什么可以帮助您的吗？"
              value={v.welcomeMessage}
              onChange={(e) => set({ welcomeMessage: e.target.value })}
            />
          )}
        </Field>
        <Field label="快捷回复（使用问题）" help="用户点击问题后自动回复对应答案">
          {(id) => (
            <div id={id} role="group" aria-labelledby={`${id}-label`} className={styles.replies}>
              {v.quickReplies.map((q, i) => (
                <div key={i} className={styles.reply}>
                  <div className={styles.question}>
                    <TextInput
                      aria-label={`问题 ${i + 1}`}
                      placeholder="问题"
                      maxLength={100}
                      value={q.question}
                      onChange={(e) => setReply(i, { question: e.target.value })}
                    />
                    <FieldError error={errors[`quickReplies.${i}.question`]} />
                  </div>
                  <div className={styles.answer}>
                    <TextArea
                      aria-label={`回答 ${i + 1}`}
                      placeholder="回答"
                      rows={1}
                      maxLength={1000}
                      value={q.answer}
                      onChange={(e) => setReply(i, { answer: e.target.value })}
                    />
                    <FieldError error={errors[`quickReplies.${i}.answer`]} />
                  </div>
                  <Button danger onClick={() => set({ quickReplies: v.quickReplies.filter((_, j) => j !== i) })}>
                    删除
                  </Button>
                </div>
              ))}
              <div>
                <Button
                  onClick={() => set({ quickReplies: [...v.quickReplies, { question: "", answer: "" }] })}
                  disabled={v.quickReplies.length >= MAX_REPLIES}
                >
                  添加快捷回复
                </Button>
              </div>
            </div>
          )}
        </Field>
        <Field label="服务时间（业务时区）" help="不填表示全天在线">
          {(id) => (
            <Space wrap>
              <TextInput
                id={id}
                type="time"
                aria-label="开始时间"
                value={v.serviceHoursStart}
                onChange={(e) => set({ serviceHoursStart: e.target.value })}
              />
              <span>至</span>
              <TextInput
                type="time"
                aria-label="结束时间"
                value={v.serviceHoursEnd}
                onChange={(e) => set({ serviceHoursEnd: e.target.value })}
              />
            </Space>
          )}
        </Field>
        <Field label="离线留言" help="服务时间以外用户发来消息时自动回复（每会话30分钟最多一次）">
          {(id) => (
            <TextArea
              id={id}
              maxLength={500}
              placeholder="当前为非服务时间，您的留言我们会在上班后尽快回复。"
              value={v.offlineMessage}
              onChange={(e) => set({ offlineMessage: e.target.value })}
            />
          )}
        </Field>
        <Button type="primary" htmlType="submit" loading={saving}>
          保存设置
        </Button>
      </Form>
    </Panel>
  );
}
