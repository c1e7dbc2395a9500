// The server: every question the page asks goes through here (the page holds no rules and no analysis).

export async function api(path, body) {
  const options = body === undefined ? {} : {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  };
  const response = await fetch(path, options);
  let data = null;
  try { data = await response.json(); } catch (error) { data = null; }
  if (!response.ok) {
    throw new Error((data && data.detail) || `the server answered ${response.status}`);
  }
  return data;
}
