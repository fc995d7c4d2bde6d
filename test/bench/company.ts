/** A fresh company for a bench (ultimate plan) with its admin signed in and one sandbox connection. */
export async function benchCompany(url: string, name: string): Promise<{ api: string; cid: number; auth: Record<string, string>; whatsappId: number }> {
  const api = `${url}/api`;
  const json = { 'content-type': 'application/json' };
  const plans = (await (await fetch(`${api}/plans/list`)).json()) as { id: number; name: string }[];
  const email = `bench-${name.toLowerCase().replace(/\W+/g, '-')}-${Date.now()}@example.test`;
  const signup = (await (await fetch(`${api}/auth/signup`, { method: 'POST', headers: json, body: JSON.stringify({ companyName: name, name: 'Bench Admin', email, password: 'Conversa123', phone: '11999990000', planId: plans.find((p) => p.name === 'ultimate')!.id }) })).json()) as { companyId: number };
  const { token } = (await (await fetch(`${api}/auth/login`, { method: 'POST', headers: json, body: JSON.stringify({ email, password: 'Conversa123' }) })).json()) as { token: string };
  const auth = { ...json, authorization: `Bearer ${token}` };
  const conn = (await (await fetch(`${api}/whatsapp`, { method: 'POST', headers: auth, body: JSON.stringify({ name: 'Bench', channel: 'sandbox' }) })).json()) as { id: number };
  return { api, cid: signup.companyId, auth, whatsappId: conn.id };
}
