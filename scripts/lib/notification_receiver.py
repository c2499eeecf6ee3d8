"""A minimal notification receiver for scripts/notifier-throughput.sh: HTTP/1.1 with keep-alive
(asyncio), answers 200 to every request and writes how many it received to COUNT_FILE every half
second. Usage: notification_receiver.py PORT COUNT_FILE"""
import asyncio, sys, time
count = 0
async def handle(reader, writer):
    global count
    try:
        while True:
            head = await reader.readuntil(b"\r\n\r\n")
            length = 0
            for line in head.split(b"\r\n"):
                if line.lower().startswith(b"content-length:"):
                    length = int(line.split(b":")[1])
            if length: await reader.readexactly(length)
            count += 1
            writer.write(b"HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n")
            await writer.drain()
    except Exception:
        pass
    writer.close()
async def report():
    while True:
        await asyncio.sleep(0.5)
        with open(sys.argv[2], "w") as f: f.write(str(count))
async def main():
    server = await asyncio.start_server(handle, "127.0.0.1", int(sys.argv[1]))
    asyncio.create_task(report())
    async with server: await server.serve_forever()
asyncio.run(main())
