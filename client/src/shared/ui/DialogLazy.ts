import "./antdMobileRender";

export { Dialog } from "antd-mobile";
