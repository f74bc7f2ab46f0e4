import { TasksCard } from "../../features/admin/mall/TasksCard";

/** /admin/cert-tasks: the mall's fulfilment tasks with their logs, retry and manual delivery. */
export default function CertTasksPage() {
  return <TasksCard />;
}
