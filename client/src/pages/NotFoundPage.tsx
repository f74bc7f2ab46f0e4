import { NotFound } from "../shared/ui/NotFound";

export default function NotFoundPage() {
  return <NotFound homePath="/" homeLabel="返回首页" />;
}
