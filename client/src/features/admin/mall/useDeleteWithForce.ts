import { errorCode, errorMessage } from "../../../shared/graphqlError";
import { useFeedback } from "../shell/feedback";

/** 删除 with the confirmation: a package or plan that has orders needs 强制删除, which keeps the orders' snapshot. */
export function useDeleteWithForce() {
  const { modal, message } = useFeedback();
  return (what: string, run: (force: boolean) => Promise<unknown>, after: () => void) =>
    modal.confirm({
      title: `确定删除该${what}吗？`,
      okText: "删除",
      okType: "danger",
      cancelText: "取消",
      onOk: async () => {
        try {
          await run(false);
          message.success("已删除");
          after();
        } catch (e) {
          if (errorCode(e) !== "CERT_PLAN_HAS_ORDERS") return void message.error(errorMessage(e));
          modal.confirm({
            title: "强制删除",
            content: `${errorMessage(e)}。强制删除后，已有订单保留购买时的套餐与价格快照。`,
            okText: "强制删除",
            okType: "danger",
            cancelText: "取消",
            onOk: async () => {
              try {
                await run(true);
                message.success("已强制删除");
                after();
              } catch (e2) {
                message.error(errorMessage(e2));
              }
            },
          });
        }
      },
    });
}
