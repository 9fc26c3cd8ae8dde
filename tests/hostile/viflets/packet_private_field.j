; Reaching into vif.Packet's private fields: enqueue() reads Packet.data
; (to keep the byte[] and write it after the packet has left) and sets
; Packet.len beyond the buffer.  Field access is checked: IllegalAccessError
; aborts the VIFlet at its first packet.
; Since "compile at load" (vm_prepare_class resolves everything its code
; names before the swap) the class is refused at load with that reason.
; args: --policy pcap/tcp=drop
; viflet: PrivateFieldViflet
; expect-refused: ^vifd: error: --load pcap/tcp=.*: class PrivateFieldViflet refused: .*java\.lang\.IllegalAccessError
.version 49
.class public PrivateFieldViflet
.super vif/VIFlet
.field private stolen [B
.method public <init> ()V
.limit stack 1
.limit locals 1
  aload_0
  invokespecial vif/VIFlet <init> ()V
  return
.end method
.method public enqueue (Lvif/Packet;)V
.limit stack 3
.limit locals 2
  aload_0
  aload_1
  invokespecial vif/VIFlet enqueue (Lvif/Packet;)V
  aload_1
  ldc 1000000
  putfield vif/Packet len I
  aload_0
  aload_1
  getfield vif/Packet data [B
  putfield PrivateFieldViflet stolen [B
  return
.end method
