; An uninitialised `this`: the constructor calls dequeue() on this before
; super() has run.  Rejected by the verifier at load time.
; mode: inject
; viflet: UninitThisViflet
; expect-log: load of UninitThisViflet\.class failed: cannot load class UninitThisViflet: java\.lang\.VerifyError: .*UninitThisViflet\.<init>.*uninitializedThis
; expect-stats: pcap/tcp.aborts=0 pcap/tcp.state=- pcap/tcp.out=TCP
; expect-dirstats: load_errors=1 loads=0
.class public UninitThisViflet
.super vif/VIFlet
.method public <init> ()V
.limit stack 2
.limit locals 1
  aload_0
  invokevirtual UninitThisViflet dequeue ()Lvif/Packet;
  pop
  aload_0
  invokespecial vif/VIFlet <init> ()V
  return
.end method
