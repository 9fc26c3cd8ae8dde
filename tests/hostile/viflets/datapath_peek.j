; Reaching into the datapath's own tables (the package-private class
; vif.Datapath: every VIFlet and every held packet of the VM): access is
; checked, IllegalAccessError aborts the VIFlet at its first dequeue().
; viflet: DatapathPeekViflet
; expect-log: vifd: VIFlet DatapathPeekViflet aborted in dequeue\(\): java\.lang\.IllegalAccessError
; expect-stats: pcap/tcp.aborts=1 pcap/tcp.state=aborted/pass pcap/tcp.out=TCP
.version 49
.class public DatapathPeekViflet
.super vif/VIFlet
.method public <init> ()V
.limit stack 1
.limit locals 1
  aload_0
  invokespecial vif/VIFlet <init> ()V
  return
.end method
.method public dequeue ()Lvif/Packet;
.limit stack 3
.limit locals 2
  getstatic vif/Datapath held [Ljava/lang/Object;
  iconst_0
  aaload
  checkcast vif/Packet
  areturn
.end method
