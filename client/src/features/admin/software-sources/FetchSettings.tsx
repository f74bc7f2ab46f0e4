import { useMutation, useQuery } from "@apollo/client/react";
import { Alert, Space } from "antd";
import { LoadError } from "../common/list";
import { useAdminAction } from "../common/useAdminAction";
import { SetSoftwareSourcePrivateAddressesMutation, SoftwareSourcePrivateAddressesQuery } from "./operations";
import { Panel } from "../common/Panel";
import { Switch } from "../common/Switch";
import { Text } from "../common/Text";

/**
 * 抓取设置: whether sources an admin adds may live on this machine or the local network (a source server beside the
 * site). Users' private sources never may, whatever this says.
 */
export function FetchSettings() {
  const { data, error } = useQuery(SoftwareSourcePrivateAddressesQuery, { fetchPolicy: "network-only" });
  const [save, { loading }] = useMutation(SetSoftwareSourcePrivateAddressesMutation, {
    refetchQueries: [SoftwareSourcePrivateAddressesQuery],
  });
  const act = useAdminAction();
  const allowed = data?.softwareSourcePrivateAddressesAllowed ?? false;
  return (
    <Panel title="抓取设置" style={{ marginTop: 16 }}>
      <LoadError error={error} />
      <Space align="center">
        <Switch
          checked={allowed}
          loading={loading || (!data && !error)}
          onChange={(v) => act(() => save({ variables: { allowed: v } }), v ? "已允许内网地址" : "已禁止内网地址")}
          aria-label="允许内网地址"
        />
        <Text>允许所有管理员添加的软件源使用内网或本机地址（也可在单个软件源的编辑页只为它打开）</Text>
      </Space>
      {allowed && (
        <Alert
          style={{ marginTop: 12 }}
          type="warning"
          showIcon
          message="已允许内网地址：服务器会访问本机和局域网内的软件源地址，请只添加可信的地址。用户添加的私有软件源始终不能使用内网地址。"
        />
      )}
    </Panel>
  );
}
