export default function HomePage() {
  return (
    <main>
      <h1>Appointment booking</h1>
      <p>
        The API is documented at <a href="/v1/openapi.json">/v1/openapi.json</a>.
      </p>
    </main>
  );
}
