import { DomainError } from "../../common/errors";
import { parseId, requireText } from "../../common/validate";
import {
  ascAccountById,
  certificateKind,
  deleteAscAccount,
  insertAscAccount,
  listAscAccounts,
  p8KeyExists,
  platformEnterpriseCertificates,
  updateAscAccount,
  type AscAccountListRow,
  type Sql,
} from "@gryx/store";

export interface AscAccountView {
  id: number;
  name: string;
  p8KeyId: number;
  keyId: string;
  issuerId: string;
  certificateId: number;
  certificateName: string;
  teamId: string;
  deviceLimit: number;
  status: string;
  statusReason: string | null;
  enabled: boolean;
  deliveries: number;
  createdAt: Date;
}

export interface AscAccountInput {
  name?: unknown;
  p8KeyId?: unknown;
  certificateId?: unknown;
  deviceLimit?: unknown;
  enabled?: unknown;
}

function view(r: AscAccountListRow): AscAccountView {
  return {
    id: r.id,
    name: r.name,
    p8KeyId: r.p8_key_id,
    keyId: r.key_id,
    issuerId: r.issuer_id,
    certificateId: r.certificate_id,
    certificateName: r.certificate_name,
    teamId: r.team_id,
    deviceLimit: r.device_limit,
    status: r.status,
    statusReason: r.status_reason,
    enabled: r.enabled,
    deliveries: r.deliveries,
    createdAt: r.created_at,
  };
}

/**
 * App Store Connect accounts of the `asc` fulfilment source (the spec's `cert-apis`): an API key (.p8, kept by the
 * certificates domain) paired with the platform certificate (p12) of the same team. The worker marks an account
 * `full` at its device limit and `bad` when App Store Connect refuses its key; an admin resets it here.
 */
export class MallAccountsService {
  constructor(private readonly db: Sql) {}

  async list(): Promise<AscAccountView[]> {
    return (await listAscAccounts(this.db)).map(view);
  }

  async get(rawId: unknown): Promise<AscAccountView> {
    const row = await ascAccountById(this.db, parseId(rawId, "账号ID"));
    if (!row) throw new DomainError("MALL_ACCOUNT_NOT_FOUND");
    return view(row);
  }

  private limit(raw: unknown): number {
    const n = typeof raw === "string" && /^\d+$/.test(raw) ? Number(raw) : raw;
    if (typeof n !== "number" || !Number.isInteger(n) || n < 1 || n > 1000)
      throw new DomainError("MALL_ACCOUNT_INVALID", "设备上限须为1到1000之间的整数");
    return n;
  }

  async create(input: AscAccountInput): Promise<AscAccountView> {
    const name = requireText(input.name, "账号名称", 50);
    const p8KeyId = parseId(input.p8KeyId, "API 密钥ID");
    const certificateId = parseId(input.certificateId, "证书ID");
    const deviceLimit = input.deviceLimit === undefined ? 100 : this.limit(input.deviceLimit);
    if (!(await p8KeyExists(this.db, p8KeyId))) throw new DomainError("P8_KEY_NOT_FOUND");
    const cert = await certificateKind(this.db, certificateId);
    if (!cert || cert.scope !== "platform") throw new DomainError("MALL_ACCOUNT_INVALID", "请选择一张平台证书");
    try {
      return await this.get(await insertAscAccount(this.db, { name, p8KeyId, certificateId, deviceLimit }));
    } catch (e) {
      if ((e as { code?: string }).code === "23505")
        throw new DomainError("MALL_ACCOUNT_INVALID", "该 API 密钥已绑定其他账号");
      throw e;
    }
  }

  /** Name, device limit, on/off; `resetStatus` puts a full or bad account back in service. */
  async update(rawId: unknown, input: AscAccountInput & { resetStatus?: unknown }): Promise<AscAccountView> {
    const id = parseId(rawId, "账号ID");
    const f: { name?: string; deviceLimit?: number; enabled?: boolean; resetStatus?: boolean } = {};
    if (input.name !== undefined) f.name = requireText(input.name, "账号名称", 50);
    if (input.deviceLimit !== undefined) f.deviceLimit = this.limit(input.deviceLimit);
    if (input.enabled !== undefined) {
      if (typeof input.enabled !== "boolean") throw new DomainError("MALL_ACCOUNT_INVALID", "启用状态必须是布尔值");
      f.enabled = input.enabled;
    }
    if (input.resetStatus === true) f.resetStatus = true;
    if (!Object.keys(f).length) throw new DomainError("NOTHING_TO_UPDATE");
    if (!(await updateAscAccount(this.db, id, f))) throw new DomainError("MALL_ACCOUNT_NOT_FOUND");
    return this.get(id);
  }

  async remove(rawId: unknown): Promise<void> {
    if (!(await deleteAscAccount(this.db, parseId(rawId, "账号ID")))) throw new DomainError("MALL_ACCOUNT_NOT_FOUND");
  }

  /**
   * The platform's enterprise (in-house) certificates (the spec's `enterprise-certificates`): platform certificates whose
   * profile provisions all devices, with what a package of shared certificates needs to know of them.
   */
  async enterpriseCertificates(): Promise<
    {
      id: number;
      name: string;
      commonName: string;
      teamId: string;
      teamName: string;
      expiresAt: Date;
      status: string;
    }[]
  > {
    const rows = await platformEnterpriseCertificates(this.db);
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      commonName: r.common_name,
      teamId: r.team_id,
      teamName: r.team_name,
      expiresAt: r.expires_at,
      status: r.status,
    }));
  }
}
