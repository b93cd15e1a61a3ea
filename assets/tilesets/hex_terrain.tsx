<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" tiledversion="1.10.2" name="hex_terrain" tilewidth="56" tileheight="64" tilecount="11" columns="4">
 <image source="hex_terrain.png" width="224" height="192"/>
 <tile id="0">
  <properties>
   <property name="name" value="plain"/>
  </properties>
 </tile>
 <tile id="1">
  <properties>
   <property name="name" value="dirt"/>
  </properties>
 </tile>
 <tile id="2">
  <properties>
   <property name="name" value="foundry floor"/>
  </properties>
 </tile>
 <tile id="3">
  <properties>
   <property name="elevation" type="int" value="1"/>
   <property name="name" value="hill"/>
  </properties>
 </tile>
 <tile id="4">
  <properties>
   <property name="elevation" type="int" value="2"/>
   <property name="name" value="high ground"/>
  </properties>
 </tile>
 <tile id="5">
  <properties>
   <property name="blocks_los" type="bool" value="true"/>
   <property name="blocks_move" type="bool" value="true"/>
   <property name="name" value="rock"/>
  </properties>
 </tile>
 <tile id="6">
  <properties>
   <property name="blocks_move" type="bool" value="true"/>
   <property name="name" value="slag pool"/>
  </properties>
 </tile>
 <tile id="7">
  <properties>
   <property name="cover" type="int" value="1"/>
   <property name="name" value="rubble"/>
  </properties>
 </tile>
 <tile id="8">
  <properties>
   <property name="cover" type="int" value="2"/>
   <property name="name" value="forest"/>
  </properties>
 </tile>
 <tile id="9">
  <properties>
   <property name="cover" type="int" value="2"/>
   <property name="name" value="fortress"/>
  </properties>
 </tile>
 <tile id="10">
  <properties>
   <property name="name" value="smoke"/>
   <property name="obscured" type="bool" value="true"/>
  </properties>
 </tile>
</tileset>
