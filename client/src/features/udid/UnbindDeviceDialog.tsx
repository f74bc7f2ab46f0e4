import { Dialog } from "antd-mobile";
import type { DeviceFieldsFragment } from "../../gql/graphql";

/** 解绑设备's confirmation: its own chunk (antd-mobile's Dialog and its animation), loaded when first asked. */
export default function UnbindDeviceDialog({
  device,
  onCancel,
  onConfirm,
}: {
  device: DeviceFieldsFragment | null;
  onCancel: () => void;
  onConfirm: (d: DeviceFieldsFragment) => void;
}) {
  return (
    <Dialog
      visible={device !== null}
      getContainer={() => document.body}
      title="解绑设备"
      content={
        <div style={{ textAlign: "center" }}>
          确定解绑「{device?.modelName ?? device?.product ?? ""}」吗？解绑后需要重新获取设备信息。
        </div>
      }
      onClose={onCancel}
      actions={[
        [
          { key: "cancel", text: "取消", onClick: onCancel },
          {
            key: "confirm",
            text: "解绑",
            bold: true,
            danger: true,
            onClick: () => {
              if (device) onConfirm(device);
            },
          },
        ],
      ]}
    />
  );
}
