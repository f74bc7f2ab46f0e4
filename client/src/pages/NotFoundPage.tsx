import { usePageTitle } from "../features/site/useSiteInfo";
import { NotFound } from "../shared/ui/NotFound";

export default function NotFoundPage() {
  usePageTitle("页面不存在");
  return <NotFound homePath="/" homeLabel="返回首页" />;
}
