import { Link } from "react-router";
import { Button, Result } from "antd";
import { adminHref, type AdminPage } from "../../../app/adminPages";
import { REQUEST_ERROR_TEXTS } from "../../../shared/errorTexts";

/**
 * The back office's 403 page, with the way back to the first page the user may open. Its own chunk: antd's Result
 * (with its illustrations) loads only when a page is refused.
 */
export default function Forbidden({ first }: { first: AdminPage | undefined }) {
  return (
    <Result
      status="403"
      title="403"
      subTitle={REQUEST_ERROR_TEXTS.forbidden}
      extra={
        first && (
          <Link to={adminHref(first)}>
            <Button type="primary">返回{first.label}</Button>
          </Link>
        )
      }
    />
  );
}
