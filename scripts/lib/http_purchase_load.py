"""HTTP/1.1 keep-alive load for scripts/producer-load.sh: CONNECTIONS connections send REQUESTS
purchases in all (each for a customer of its own) to PATH with the bearer TOKEN, one at a time
per connection, and print the requests per second and the statuses.
Usage: http_purchase_load.py PORT PATH TOKEN REQUESTS CONNECTIONS"""
import asyncio, sys, time, json
host, port, path, token, n, c = "127.0.0.1", int(sys.argv[1]), sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5])
done = 0; statuses = {}
async def worker(wid, count):
    global done
    r, w = await asyncio.open_connection(host, port)
    for i in range(count):
        body = json.dumps({"customerId": f"w{wid}-{i}-{time.time_ns()}", "productId": "news.basic.monthly", "storefront": "USA"}).encode()
        w.write(f"POST {path} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer {token}\r\nContent-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n".encode() + body)
        await w.drain()
        head = await r.readuntil(b"\r\n\r\n")
        status = head.split(b" ")[1]; statuses[status] = statuses.get(status, 0) + 1
        length = 0
        for line in head.split(b"\r\n"):
            if line.lower().startswith(b"content-length:"): length = int(line.split(b":")[1])
        if length: await r.readexactly(length)
        done += 1
    w.close()
async def main():
    t = time.time()
    await asyncio.gather(*(worker(k, n // c) for k in range(c)))
    e = time.time() - t
    print(f"{done} requests in {e:.2f} s: {done/e:.0f}/s; statuses {statuses}")
asyncio.run(main())
