import { useEffect } from "react";
import { useMutation, useQuery } from "@apollo/client/react";
import { Button, Form, Input, Space, Switch, TimePicker, Skeleton } from "antd";
import dayjs, { type Dayjs } from "dayjs";
import { useAdminAction } from "../common/useAdminAction";
import { AdminCsSettingsQuery, UpdateCsSettingsMutation } from "./operations";
import { Panel } from "../common/Panel";

interface Values {
  enabled: boolean;
  customerServiceName: string;
  customerServiceAvatar: string;
  welcomeMessage: string;
  quickReplies: { question: string; answer: string }[];
  offlineMessage: string;
  hours?: [Dayjs, Dayjs] | null;
}

/** 客服设置: on/off, name, avatar, welcome message, the 使用问题 quick replies, service hours and the offline note. */
export function CustomerServiceSettingsForm() {
  const [form] = Form.useForm<Values>();
  const { data, loading } = useQuery(AdminCsSettingsQuery, { fetchPolicy: "network-only" });
  const [save, { loading: saving }] = useMutation(UpdateCsSettingsMutation);
  const act = useAdminAction();

  useEffect(() => {
    const s = data?.adminCustomerServiceSettings;
    if (!s) return;
    form.setFieldsValue({
      enabled: s.enabled,
      customerServiceName: s.customerServiceName,
      customerServiceAvatar: s.customerServiceAvatar,
      welcomeMessage: s.welcomeMessage,
      quickReplies: s.quickReplies.map((q) => ({ question: q.question, answer: q.answer })),
      offlineMessage: s.offlineMessage,
      hours:
        s.serviceHoursStart && s.serviceHoursEnd
          ? [dayjs(s.serviceHoursStart, "HH:mm"), dayjs(s.serviceHoursEnd, "HH:mm")]
          : null,
    });
  }, [data, form]);

  const submit = (v: Values) =>
    act(
      () =>
        save({
          variables: {
            input: {
              enabled: v.enabled,
              customerServiceName: v.customerServiceName,
              customerServiceAvatar: v.customerServiceAvatar ?? "",
              welcomeMessage: v.welcomeMessage,
              quickReplies: (v.quickReplies ?? []).map((q) => ({ question: q.question, answer: q.answer })),
              offlineMessage: v.offlineMessage ?? "",
              serviceHoursStart: v.hours?.[0]?.format("HH:mm") ?? "",
              serviceHoursEnd: v.hours?.[1]?.format("HH:mm") ?? "",
            },
          },
        }),
      "客服设置已保存",
      "保存失败",
    );

  if (loading && !data) return <Skeleton active />;

  return (
    <Panel title="客服设置">
      <Form form={form} layout="vertical" onFinish={submit} style={{ maxWidth: 720 }}>
        <Form.Item name="enabled" label="启用在线客服" valuePropName="checked" extra="关闭后用户页面不再显示客服图标">
          <Switch />
        </Form.Item>
        <Form.Item
          name="customerServiceName"
          label="客服名称"
          rules={[{ required: true, message: "请输入客服名称" }, { max: 32 }]}
        >
          <Input placeholder="在线客服" />
        </Form.Item>
        <Form.Item
          name="customerServiceAvatar"
          label="客服头像地址"
          rules={[
            { max: 300 },
            { pattern: /^(|https?:\/\/\S+|\/\S*)$/, message: "请输入图片地址（http(s):// 或 / 开头）" },
          ]}
        >
          <Input placeholder="https://… 或 /uploads/…" />
        </Form.Item>
        <Form.Item
          name="welcomeMessage"
          label="欢迎语"
          rules={[{ required: true, message: "请输入欢迎语" }, { max: 500 }]}
        >
          <Input.TextArea autoSize={{ minRows: 2 }} placeholder="您好！有什么可以帮助您的吗？" />
        </Form.Item>
        <Form.Item label="快捷回复（使用问题）" extra="用户点击问题后自动回复对应答案">
          <Form.List name="quickReplies">
            {(fields, { add, remove }) => (
              <Space direction="vertical" style={{ width: "100%" }}>
                {fields.map((f) => (
                  <Space key={f.key} align="start" style={{ width: "100%" }} wrap>
                    <Form.Item
                      name={[f.name, "question"]}
                      rules={[{ required: true, message: "请输入问题" }, { max: 100 }]}
                      style={{ marginBottom: 0, width: 220 }}
                    >
                      <Input placeholder="问题" />
                    </Form.Item>
                    <Form.Item
                      name={[f.name, "answer"]}
                      rules={[{ required: true, message: "请输入回答" }, { max: 1000 }]}
                      style={{ marginBottom: 0, width: 380 }}
                    >
                      <Input.TextArea placeholder="回答" autoSize />
                    </Form.Item>
                    <Button danger onClick={() => remove(f.name)}>
                      删除
                    </Button>
                  </Space>
                ))}
                <Button onClick={() => add({ question: "", answer: "" })} disabled={fields.length >= 20}>
                  添加快捷回复
                </Button>
              </Space>
            )}
          </Form.List>
        </Form.Item>
        <Form.Item name="hours" label="服务时间（业务时区）" extra="不填表示全天在线">
          <TimePicker.RangePicker format="HH:mm" allowEmpty={[true, true]} />
        </Form.Item>
        <Form.Item
          name="offlineMessage"
          label="离线留言"
          extra="服务时间以外用户发来消息时自动回复（每会话30分钟最多一次）"
          rules={[{ max: 500 }]}
        >
          <Input.TextArea autoSize={{ minRows: 2 }} placeholder="当前为非服务时间，您的留言我们会在上班后尽快回复。" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saving}>
          保存设置
        </Button>
      </Form>
    </Panel>
  );
}
