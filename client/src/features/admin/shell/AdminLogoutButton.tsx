import { Button } from "antd";
import { LogoutOutlined } from "@ant-design/icons";
import { LOGOUT_TEXTS, useLogout } from "../../auth/useLogout";
import { useFeedback } from "./feedback";

/** 退出登录 with the 确认退出 confirmation; the admin guard then opens /admin/login. */
export function AdminLogoutButton() {
  const { modal } = useFeedback();
  const { logout, pending } = useLogout();
  return (
    <Button
      type="text"
      icon={<LogoutOutlined />}
      loading={pending}
      onClick={() =>
        modal.confirm({
          title: LOGOUT_TEXTS.title,
          content: LOGOUT_TEXTS.message,
          okText: LOGOUT_TEXTS.confirm,
          cancelText: LOGOUT_TEXTS.cancel,
          onOk: async () => {
            if (!(await logout())) modal.error({ title: LOGOUT_TEXTS.failed, okText: LOGOUT_TEXTS.confirm });
          },
        })
      }
    >
      退出
    </Button>
  );
}
