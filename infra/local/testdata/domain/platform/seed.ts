/** Stands in for the platform seed: reports demo logins. */
export async function seed(): Promise<{ created: boolean; logins: { email: string; password: string; role: string }[] }> {
  return { created: true, logins: [{ email: 'admin@test.local', password: 'secret', role: 'admin' }] };
}
