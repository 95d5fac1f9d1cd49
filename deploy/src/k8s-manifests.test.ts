import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { Deployment } from 'kubernetes-models/apps/v1';
import { Job } from 'kubernetes-models/batch/v1';
import { Ingress } from 'kubernetes-models/networking.k8s.io/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { ConfigMap, Namespace, Secret, Service } from 'kubernetes-models/v1';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { REPO_ROOT } from './paths';

const K8S_DIR = path.join(REPO_ROOT, 'deploy', 'k8s');

/** The Kubernetes API schema (kubernetes-models) for each kind the manifests use. */
const MODELS: Record<string, new (data: never) => { validate(): void }> = {
  'v1/Namespace': Namespace,
  'v1/ConfigMap': ConfigMap,
  'v1/Secret': Secret,
  'v1/Service': Service,
  'apps/v1/Deployment': Deployment,
  'batch/v1/Job': Job,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
  'autoscaling/v2/HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'networking.k8s.io/v1/Ingress': Ingress,
};

interface Doc {
  file: string;
  apiVersion: string;
  kind: string;
  metadata: { name: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  // Each kind's own shape: the schema validation checks it; the rules below read a few fields.
  spec?: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  data?: Record<string, string>;
  stringData?: Record<string, string>;
}

async function loadManifests(): Promise<Doc[]> {
  const docs: Doc[] = [];
  for (const file of (await readdir(K8S_DIR)).filter((f) => f.endsWith('.yaml') && f !== 'kustomization.yaml').sort()) {
    for (const d of parseAllDocuments(await readFile(path.join(K8S_DIR, file), 'utf8'))) {
      if (d.errors.length) throw new Error(`${file}: ${d.errors.map((e) => e.message).join('; ')}`);
      const value = d.toJS() as Omit<Doc, 'file'> | null;
      if (value) docs.push({ file, ...value });
    }
  }
  return docs;
}

const find = (docs: Doc[], kind: string, name: string) => {
  const doc = docs.find((d) => d.kind === kind && d.metadata.name === name);
  if (!doc) throw new Error(`no ${kind} ${name} in deploy/k8s`);
  return doc;
};

/** What a workload's pod template breaks of our rules: one line per broken rule. */
export function podRuleViolations(doc: Doc): string[] {
  const pod = doc.spec?.template?.spec;
  const out: string[] = [];
  const where = `${doc.kind} ${doc.metadata.name}`;
  if (!pod) return [`${where}: no pod template`];
  for (const c of [...(pod.initContainers ?? []), ...pod.containers]) {
    const at = `${where} container ${c.name}`;
    const sc = c.securityContext ?? {};
    if (!(sc.runAsNonRoot ?? pod.securityContext?.runAsNonRoot)) out.push(`${at}: runAsNonRoot is not set`);
    if ((sc.runAsUser ?? pod.securityContext?.runAsUser ?? 0) === 0) out.push(`${at}: runs as uid 0`);
    if (sc.readOnlyRootFilesystem !== true) out.push(`${at}: root filesystem is writable`);
    if (sc.allowPrivilegeEscalation !== false) out.push(`${at}: privilege escalation is allowed`);
    if (!sc.capabilities?.drop?.includes('ALL')) out.push(`${at}: capabilities are not all dropped`);
    for (const kind of ['requests', 'limits'] as const) {
      for (const r of ['cpu', 'memory']) if (!c.resources?.[kind]?.[r]) out.push(`${at}: no ${r} ${kind.replace(/s$/, '')}`);
    }
    const image = String(c.image ?? '');
    const tag = /@sha256:[0-9a-f]{64}$/.test(image) ? 'digest' : (/:([^/:@]+)$/.exec(image)?.[1] ?? '');
    if (!tag || tag === 'latest') out.push(`${at}: image "${image}" is not pinned to a version`);
  }
  return out;
}

describe('Kubernetes manifests (deploy/k8s)', () => {
  it('are valid against the Kubernetes API schemas, and kustomization.yaml lists every file', async () => {
    const docs = await loadManifests();
    expect(docs.length).toBeGreaterThanOrEqual(10);
    for (const doc of docs) {
      const Model = MODELS[`${doc.apiVersion}/${doc.kind}`];
      expect(Model, `${doc.file}: ${doc.apiVersion} ${doc.kind} is not a kind this test knows`).toBeDefined();
      const { file: _file, ...manifest } = doc;
      expect(() => new Model!(manifest as never).validate(), `${doc.file}: ${doc.kind} ${doc.metadata.name}`).not.toThrow();
    }
    // The schema check catches a wrong field (a reason to trust the green above).
    const deployment = find(docs, 'Deployment', 'portal-api');
    expect(() => new Deployment({ ...deployment, spec: { ...deployment.spec, replicas: 'three' } } as never).validate()).toThrow();

    const kustomization = parseAllDocuments(await readFile(path.join(K8S_DIR, 'kustomization.yaml'), 'utf8'))[0]!.toJS() as { resources: string[] };
    expect([...kustomization.resources].sort()).toEqual([...new Set(docs.map((d) => d.file))].sort());
  });

  it('run the api as 3 non-root replicas on a read-only filesystem, probed, with requests and limits and a pinned image', async () => {
    const docs = await loadManifests();
    const api = find(docs, 'Deployment', 'portal-api');
    expect(api.spec.replicas).toBe(3);
    const container = api.spec.template.spec.containers[0];
    expect(container.readinessProbe.httpGet).toMatchObject({ path: '/api/health/ready', port: 'http' });
    expect(container.livenessProbe.httpGet).toMatchObject({ path: '/api/health/live', port: 'http' });
    expect(container.ports).toContainEqual(expect.objectContaining({ name: 'http', containerPort: 5260 }));

    const workloads = docs.filter((d) => d.spec?.template?.spec?.containers);
    expect(workloads.map((d) => `${d.kind} ${d.metadata.name}`).sort()).toEqual(['Deployment portal-api', 'Job portal-api-migrate']);
    for (const w of workloads) expect(podRuleViolations(w)).toEqual([]);

    // The rules see a breach: root, a writable root, no limits, a floating tag.
    const broken = structuredClone(api);
    broken.spec.template.spec.securityContext = {};
    broken.spec.template.spec.containers[0] = { ...container, image: 'registry.example.com/api:latest', securityContext: {}, resources: {} };
    expect(podRuleViolations(broken)).toEqual(
      expect.arrayContaining([
        'Deployment portal-api container api: runAsNonRoot is not set',
        'Deployment portal-api container api: root filesystem is writable',
        'Deployment portal-api container api: no memory limit',
        'Deployment portal-api container api: image "registry.example.com/api:latest" is not pinned to a version',
      ]),
    );
  });

  it('migrate with the api image, keep 2 pods through disruptions, scale on CPU, and route /api and the rest', async () => {
    const docs = await loadManifests();
    const api = find(docs, 'Deployment', 'portal-api');
    const podLabels = api.spec.template.metadata.labels;
    const job = find(docs, 'Job', 'portal-api-migrate');
    expect(job.spec.template.spec.containers[0].command).toEqual(['node', 'dist/migrate.js']);
    expect(job.spec.template.spec.containers[0].image).toBe(api.spec.template.spec.containers[0].image);

    const service = find(docs, 'Service', 'portal-api');
    expect(podLabels).toMatchObject(service.spec.selector);
    expect(podLabels).toMatchObject(find(docs, 'PodDisruptionBudget', 'portal-api').spec.selector.matchLabels);
    expect(find(docs, 'PodDisruptionBudget', 'portal-api').spec.minAvailable).toBe(2);
    const hpa = find(docs, 'HorizontalPodAutoscaler', 'portal-api');
    expect(hpa.spec.scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name: 'portal-api' });
    expect(hpa.spec.minReplicas).toBe(3);

    const routes = docs
      .filter((d) => d.kind === 'Ingress')
      .flatMap((d) => d.spec.rules.flatMap((r: any) => r.http.paths)) // eslint-disable-line @typescript-eslint/no-explicit-any
      .map((p: { path: string; pathType: string; backend: { service: { name: string } } }) => `${p.path} ${p.pathType} -> ${p.backend.service.name}`);
    expect(routes.sort()).toEqual(['/ Prefix -> static-origin', '/api Prefix -> portal-api']);

    // Both workloads read the ConfigMap and the Secret that exist.
    for (const w of [api, job]) {
      const from = w.spec.template.spec.containers[0].envFrom;
      expect(from).toEqual([{ configMapRef: { name: 'portal-api-config' } }, { secretRef: { name: 'portal-api-secrets' } }]);
    }
  });

  it('hold the documented variables, and no secret value in the repository', async () => {
    const docs = await loadManifests();
    const config = find(docs, 'ConfigMap', 'portal-api-config').data!;
    const secret = find(docs, 'Secret', 'portal-api-secrets').stringData!;
    const documented = await readFile(path.join(REPO_ROOT, 'api', 'README.md'), 'utf8');
    for (const name of [...Object.keys(config), ...Object.keys(secret)]) {
      if (name !== 'NODE_ENV') expect(documented, `${name} is not in api/README.md`).toContain(`\`${name}\``);
    }
    expect(Object.keys(secret).sort()).toEqual(['DATABASE_URL', 'SMTP_URL', 'SUPERADMIN_EMAIL', 'SUPERADMIN_PASSWORD']);
    for (const [name, value] of Object.entries(secret)) expect(value, name).toBe('REPLACE-ME');
    expect(config).toMatchObject({ API_HOST: '0.0.0.0', API_PORT: '5260', TRUST_PROXY: 'true', NODE_ENV: 'production' });
  });
});
